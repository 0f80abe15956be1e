//! A forward-only reader over Borsh bytes that hands out borrowed slices (zero-copy) and never
//! panics: every read is bounds-checked and fails with [`OrderError::InvalidOrderEncoding`].

use super::error::OrderError;

/// Cursor over Borsh-encoded bytes.
#[derive(Clone, Copy)]
pub struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    #[inline(always)]
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { rest: bytes }
    }

    /// The bytes not read yet.
    #[inline(always)]
    pub fn rest(&self) -> &'a [u8] {
        self.rest
    }

    /// The next `len` bytes.
    #[inline(always)]
    pub fn take(&mut self, len: usize) -> Result<&'a [u8], OrderError> {
        let (head, tail) = self.rest.split_at_checked(len).ok_or(OrderError::InvalidOrderEncoding)?;
        self.rest = tail;
        Ok(head)
    }

    /// A fixed-size array (Borsh `[u8; N]`), borrowed.
    #[inline(always)]
    pub fn array<const N: usize>(&mut self) -> Result<&'a [u8; N], OrderError> {
        self.take(N)?.try_into().map_err(|_| OrderError::InvalidOrderEncoding)
    }

    /// Borsh `u32` (little-endian).
    #[inline(always)]
    pub fn u32(&mut self) -> Result<u32, OrderError> {
        Ok(u32::from_le_bytes(*self.array::<4>()?))
    }

    /// Borsh `u8`.
    #[inline(always)]
    pub fn u8(&mut self) -> Result<u8, OrderError> {
        Ok(self.array::<1>()?[0])
    }

    /// Borsh `bytes` / `string` (u32 length, then the bytes), borrowed. Strings are not checked
    /// for UTF-8: EIP-712 hashes their bytes, so any other bytes give another id.
    #[inline(always)]
    pub fn bytes(&mut self) -> Result<&'a [u8], OrderError> {
        let len = self.u32()? as usize;
        self.take(len)
    }

    /// Fails unless every byte was read.
    #[inline(always)]
    pub fn finish(&self) -> Result<(), OrderError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(OrderError::InvalidOrderEncoding)
        }
    }
}
