//! Borsh bytes of orders from the shared vectors' `encoded` JSON (decimal strings for uint256, 0x
//! hex for bytes), for the order tests of every version.

use crate::common::hex;
use serde_json::Value;

pub fn word(decimal: &Value) -> [u8; 32] {
    let text = decimal.as_str().unwrap();
    let mut out = [0u8; 32];
    // Decimal string to 256-bit big-endian: multiply-and-add in base 256.
    for digit in text.bytes() {
        let mut carry = u32::from(digit - b'0');
        for byte in out.iter_mut().rev() {
            let v = u32::from(*byte) * 10 + carry;
            *byte = (v & 0xff) as u8;
            carry = v >> 8;
        }
        assert_eq!(carry, 0, "{text} overflows 256 bits");
    }
    out
}

/// Borsh writer of an order's members.
pub struct Borsh(pub Vec<u8>);

impl Borsh {
    pub fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    pub fn raw(&mut self, b: &[u8]) {
        self.u32(b.len() as u32);
        self.0.extend_from_slice(b);
    }
    pub fn text(&mut self, v: &Value) {
        self.raw(v.as_str().unwrap().as_bytes());
    }
    pub fn hex(&mut self, v: &Value) {
        self.raw(&hex(v.as_str().unwrap()));
    }
    pub fn word(&mut self, v: &Value) {
        self.0.extend_from_slice(&word(v));
    }
    pub fn list(&mut self, v: &Value, each: impl Fn(&mut Self, &Value)) {
        let items = v.as_array().unwrap();
        self.u32(items.len() as u32);
        for item in items {
            each(self, item);
        }
    }
    /// `fees`, the same `Fee` list in every version.
    pub fn fees(&mut self, v: &Value) {
        self.list(v, |b, f| {
            b.text(&f["recipientChainId"]);
            b.hex(&f["recipient"]);
            b.text(&f["currencyChainId"]);
            b.hex(&f["currency"]);
            b.word(&f["amount"]);
        });
    }
}
