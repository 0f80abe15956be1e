/** The service's status endpoint (spec 4.5): `txHashes[0]` is the destination fill on success. */
export interface RequestStatus {
  status: string;
  txHashes?: string[];
  inTxHashes?: string[];
  originChainId?: number;
  destinationChainId?: number;
}

export async function fetchStatus(serviceUrl: string, requestId: string): Promise<RequestStatus> {
  const response = await fetch(`${serviceUrl}/intents/status/v3?requestId=${encodeURIComponent(requestId)}`);
  if (!response.ok) throw new Error(`status: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as RequestStatus;
}
