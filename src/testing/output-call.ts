import { encodeFunctionData, type Hex, parseAbi } from "viem";

/**
 * An `output.calls` element the order catalogues use as the attack: an ERC-20 `transfer` of the
 * output to an attacker, run on the destination chain after the solver pays the (whitelisted)
 * recipient. Its bytes are opaque to the origin chain; what matters is that an order carries one.
 */
export const OUTPUT_CALL_TO_ATTACKER: Hex = encodeFunctionData({
  abi: parseAbi(["function transfer(address to, uint256 amount)"]),
  args: [`0x${"ad".repeat(20)}`, 990n],
});
