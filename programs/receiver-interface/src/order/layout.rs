//! The order as the Borsh bytes of an instruction argument: the IDL type `Order`, one struct
//! whose fields are the EIP-712 members in snake_case, in EIP-712 order, with `uint256` as
//! `[u8; 32]` big-endian, `uint32` as `u32`, `address` (the solver) as `[u8; 20]`, `string` as
//! Borsh `string` and `bytes` (VM-encoded addresses and currencies, calls, extra data) as Borsh
//! `bytes`.
//!
//! [`Order::parse`] checks the whole encoding once and borrows every field from the input; the
//! lists ([`List`]) keep their encoded bytes and decode an element each time they are iterated.

use super::{borsh::Reader, error::OrderError};
use crate::words::be_words;
use core::marker::PhantomData;

/// Most elements a list may hold (inputs, refunds, payments, calls, fees). The id hashes a
/// list's element hashes from a stack buffer of this many words; a transaction (1232 bytes)
/// cannot carry a larger realistic order.
pub const MAX_LIST_LEN: usize = 32;

/// A type read from Borsh bytes, borrowing from them.
pub trait Decode<'a>: Sized {
    fn decode(reader: &mut Reader<'a>) -> Result<Self, OrderError>;
}

impl<'a> Decode<'a> for &'a [u8] {
    #[inline(always)]
    fn decode(reader: &mut Reader<'a>) -> Result<Self, OrderError> {
        reader.bytes()
    }
}

/// A Borsh `Vec<T>` checked on decode (count within [`MAX_LIST_LEN`], every element well formed)
/// and kept as its encoded bytes.
pub struct List<'a, T> {
    len: u32,
    encoded: &'a [u8],
    element: PhantomData<T>,
}

impl<'a, T: Decode<'a>> List<'a, T> {
    /// Number of elements.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The elements, decoded one by one from the bytes checked on decode.
    #[inline(always)]
    pub fn iter(&self) -> ListIter<'a, T> {
        ListIter { reader: Reader::new(self.encoded), left: self.len, element: PhantomData }
    }
}

impl<'a, T: Decode<'a>> Decode<'a> for List<'a, T> {
    fn decode(reader: &mut Reader<'a>) -> Result<Self, OrderError> {
        let len = reader.u32()?;
        if len as usize > MAX_LIST_LEN {
            return Err(OrderError::TooManyElements);
        }
        let start = reader.rest();
        for _ in 0..len {
            T::decode(reader)?;
        }
        let used = start.len() - reader.rest().len();
        let encoded = start.get(..used).ok_or(OrderError::InvalidOrderEncoding)?;
        Ok(Self { len, encoded, element: PhantomData })
    }
}

/// Iterator over a [`List`]; yields `Err` only if the bytes changed since decode (they cannot).
pub struct ListIter<'a, T> {
    reader: Reader<'a>,
    left: u32,
    element: PhantomData<T>,
}

impl<'a, T: Decode<'a>> Iterator for ListIter<'a, T> {
    type Item = Result<T, OrderError>;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        Some(T::decode(&mut self.reader))
    }
}

/// `InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)`.
pub struct InputPayment<'a> {
    pub chain_id: &'a [u8],
    pub currency: &'a [u8],
    pub amount: &'a [u8; 32],
    pub weight: &'a [u8; 32],
}

impl<'a> Decode<'a> for InputPayment<'a> {
    #[inline(always)]
    fn decode(r: &mut Reader<'a>) -> Result<Self, OrderError> {
        Ok(Self { chain_id: r.bytes()?, currency: r.bytes()?, amount: r.array()?, weight: r.array()? })
    }
}

/// `InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,uint32 deadline,bytes extraData)`.
pub struct InputRefund<'a> {
    pub chain_id: &'a [u8],
    pub recipient: &'a [u8],
    pub currency: &'a [u8],
    pub minimum_amount: &'a [u8; 32],
    pub deadline: u32,
    pub extra_data: &'a [u8],
}

impl<'a> Decode<'a> for InputRefund<'a> {
    #[inline(always)]
    fn decode(r: &mut Reader<'a>) -> Result<Self, OrderError> {
        Ok(Self {
            chain_id: r.bytes()?,
            recipient: r.bytes()?,
            currency: r.bytes()?,
            minimum_amount: r.array()?,
            deadline: r.u32()?,
            extra_data: r.bytes()?,
        })
    }
}

/// `Input(InputPayment payment,InputRefund[] refunds)`.
pub struct Input<'a> {
    pub payment: InputPayment<'a>,
    pub refunds: List<'a, InputRefund<'a>>,
}

impl<'a> Decode<'a> for Input<'a> {
    #[inline(always)]
    fn decode(r: &mut Reader<'a>) -> Result<Self, OrderError> {
        Ok(Self { payment: InputPayment::decode(r)?, refunds: List::decode(r)? })
    }
}

/// `OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)`.
pub struct OutputPayment<'a> {
    pub recipient: &'a [u8],
    pub currency: &'a [u8],
    pub minimum_amount: &'a [u8; 32],
    pub expected_amount: &'a [u8; 32],
}

impl<'a> Decode<'a> for OutputPayment<'a> {
    #[inline(always)]
    fn decode(r: &mut Reader<'a>) -> Result<Self, OrderError> {
        Ok(Self { recipient: r.bytes()?, currency: r.bytes()?, minimum_amount: r.array()?, expected_amount: r.array()? })
    }
}

/// `Output(string chainId,OutputPayment[] payments,uint32 deadline,bytes[] calls,bytes extraData)`.
pub struct Output<'a> {
    pub chain_id: &'a [u8],
    pub payments: List<'a, OutputPayment<'a>>,
    pub deadline: u32,
    pub calls: List<'a, &'a [u8]>,
    pub extra_data: &'a [u8],
}

impl<'a> Decode<'a> for Output<'a> {
    #[inline(always)]
    fn decode(r: &mut Reader<'a>) -> Result<Self, OrderError> {
        Ok(Self {
            chain_id: r.bytes()?,
            payments: List::decode(r)?,
            deadline: r.u32()?,
            calls: List::decode(r)?,
            extra_data: r.bytes()?,
        })
    }
}

/// `Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)`.
pub struct Fee<'a> {
    pub recipient_chain_id: &'a [u8],
    pub recipient: &'a [u8],
    pub currency_chain_id: &'a [u8],
    pub currency: &'a [u8],
    pub amount: &'a [u8; 32],
}

impl<'a> Decode<'a> for Fee<'a> {
    #[inline(always)]
    fn decode(r: &mut Reader<'a>) -> Result<Self, OrderError> {
        Ok(Self {
            recipient_chain_id: r.bytes()?,
            recipient: r.bytes()?,
            currency_chain_id: r.bytes()?,
            currency: r.bytes()?,
            amount: r.array()?,
        })
    }
}

/// `Order(string version,string solverChainId,address solver,uint256 salt,Input[] inputs,Output output,Fee[] fees)`.
pub struct Order<'a> {
    /// The order's whole Borsh encoding (what the id is hashed from).
    pub encoded: &'a [u8],
    pub version: &'a [u8],
    pub solver_chain_id: &'a [u8],
    pub solver: &'a [u8; 20],
    pub salt: &'a [u8; 32],
    pub inputs: List<'a, Input<'a>>,
    pub output: Output<'a>,
    pub fees: List<'a, Fee<'a>>,
}

impl<'a> Decode<'a> for Order<'a> {
    #[inline(always)]
    fn decode(r: &mut Reader<'a>) -> Result<Self, OrderError> {
        let start = r.rest();
        let (version, solver_chain_id, solver, salt) = (r.bytes()?, r.bytes()?, r.array()?, r.array()?);
        let (inputs, output, fees) = (List::decode(r)?, Output::decode(r)?, List::decode(r)?);
        let encoded = start.get(..start.len() - r.rest().len()).ok_or(OrderError::InvalidOrderEncoding)?;
        Ok(Self { encoded, version, solver_chain_id, solver, salt, inputs, output, fees })
    }
}

impl<'a> Order<'a> {
    /// Reads an order that fills `bytes` exactly.
    #[inline(always)]
    pub fn parse(bytes: &'a [u8]) -> Result<Self, OrderError> {
        let mut reader = Reader::new(bytes);
        let order = Self::decode(&mut reader)?;
        reader.finish()?;
        Ok(order)
    }
}

/// A `uint256` (big-endian word) as `u64`, `None` when it does not fit.
#[inline(always)]
pub fn word_to_u64(word: &[u8; 32]) -> Option<u64> {
    match be_words(word) {
        (0, 0, 0, low) => Some(low),
        _ => None,
    }
}
