/**
 * The devnet's EVM accounts are the standard development mnemonic's, the ones every Hardhat and Anvil
 * node funds: wallets and tutorials that import that mnemonic see the same addresses and keys.
 */
import { expect } from "chai";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import {
  DEVNET_MNEMONIC,
  EVM_ROLE_NAMES,
  evmDevAccount,
  evmMnemonicAccount,
} from "../../src/devnet/accounts.ts";

describe("devnet accounts", () => {
  it("are the development mnemonic's first five accounts, by role", () => {
    expect(EVM_ROLE_NAMES.map((role) => evmDevAccount(role).address)).to.deep.equal([
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
      "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
    ]);
  });

  it("match viem's own BIP-39/BIP-44 derivation, key and address", () => {
    EVM_ROLE_NAMES.forEach((role, addressIndex) => {
      const account = evmDevAccount(role);
      const reference = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex });
      expect(privateKeyToAccount(account.privateKey).address).to.equal(reference.address);
      expect(account.address).to.equal(reference.address);
    });
  });

  it("the 20 accounts each EVM chain funds match viem's derivation of the whole path, key and address", () => {
    for (let addressIndex = 0; addressIndex < 20; addressIndex++) {
      const account = evmMnemonicAccount(addressIndex);
      const reference = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex });
      expect(account.address).to.equal(reference.address);
      expect(privateKeyToAccount(account.privateKey).address).to.equal(reference.address);
    }
  });

  it("the mnemonic's accounts stop at the 20 a chain funds: index 20 is a RangeError", () => {
    expect(() => evmMnemonicAccount(20)).to.throw(RangeError, "0 to 19");
  });

  it("hand out the same account object on every call", () => {
    expect(evmDevAccount("alice")).to.equal(evmDevAccount("alice"));
  });
});
