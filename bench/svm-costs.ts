// Agave compute costs (SIMD-0339 era defaults, as in LiteSVM 1.5) that the SVM benchmarks build
// their floors from: one definition for bench/svm-cu.bench.ts and bench/order-cu.bench.ts.

export const SECP256K1_RECOVER = 25_000;
/** sol_create_program_address, which the programs avoid (see PDA_CHECK). */
export const CREATE_PROGRAM_ADDRESS = 1_500;
export const KECCAK_BASE = 85;
/** What a hash syscall charges per slice: 1 CU per 2 bytes, at least mem_op_base_cost (10). */
export const PER_SLICE = (len: number) => Math.max(Math.floor(len / 2), 10);
/** sol_keccak256 over these slice lengths. */
export const keccak = (slices: number[]) => KECCAK_BASE + slices.reduce((n, l) => n + PER_SLICE(l), 0);
/** invoke_units: what a CPI costs besides its callee. */
export const CPI_BASE = 946;
/** A CPI charges each executable account it names its data length / cpi_bytes_per_unit (250). */
export const CPI_BYTES_PER_UNIT = 250;
/** A sysvar read at its fewest: sol_get_sysvar (SIMD-0127, what pinocchio's Sysvar::get calls),
 * 100 + 32 / 250 (its id) + max(length / 250, 10) = 110 for Clock (40 bytes) and Rent alike; the
 * older per-sysvar calls (100 + the sysvar's size) cost more. */
export const SYSVAR_GET = 100 + Math.floor(32 / 250) + Math.max(Math.floor(40 / 250), 10);
/** sol_log_data: 100 + 100 per field + the bytes. */
export const logData = (fields: number[]) => 100 + 100 * fields.length + fields.reduce((a, b) => a + b, 0);
export const SET_RETURN_DATA = 100;
const SHA256_BASE = 85;
const CURVE25519_EDWARDS_VALIDATE_POINT = 159;
/** One check of a replay PDA for one bump, as the programs do it (what create_program_address
 * does, for 290 instead of CREATE_PROGRAM_ADDRESS): sol_sha256 of the 92-byte preimage
 * "replay"(6) || id(32) || [bump] || program_id(32) || "ProgramDerivedAddress"(21) in one slice,
 * and sol_curve_validate_point (edwards) on the hash. */
export const PDA_CHECK = {
  what: "(sol_sha256 of 92 bytes + sol_curve_validate_point edwards)",
  parts: `${SHA256_BASE} + ${PER_SLICE(92)} + ${CURVE25519_EDWARDS_VALIDATE_POINT}`,
  cu: SHA256_BASE + PER_SLICE(92) + CURVE25519_EDWARDS_VALIDATE_POINT,
};
