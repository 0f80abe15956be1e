//! `pda::request_address` against Solana's own `find_program_address`,
//! `state::paid_request::replay_status` on host-built accounts (it answers for the receiver's
//! replay PDA of the given id only, and reads the status the receiver wrote), and the untracked
//! `state::view` / `state::view_owned` against `state::load`.

use attestkit_receiver_interface::{
    error::ReceiverError,
    pda::{check_request_address, request_address},
    state::{
        paid_request::{replay_status, REPLAY_SEED, STATUS_INVALIDATED, STATUS_PAID},
        load, view as view_state, view_owned, AccountType, PaidRequest,
    },
};
use pinocchio::{account::RuntimeAccount, AccountView, Address};

const SYSTEM: Address = Address::new_from_array([0; 32]);
const RECEIVER: Address = Address::new_from_array([7; 32]);

/// A runtime account header followed by its data, as the loader lays them out.
#[repr(C, align(8))]
struct Raw {
    header: RuntimeAccount,
    data: [u8; PaidRequest::LEN],
}

fn account(address: Address, owner: Address, data: Option<[u8; PaidRequest::LEN]>) -> Box<Raw> {
    Box::new(Raw {
        header: RuntimeAccount {
            borrow_state: u8::MAX,
            is_signer: 0,
            is_writable: 0,
            executable: 0,
            padding: [0; 4],
            address,
            owner,
            lamports: 1_000_000,
            data_len: if data.is_some() { PaidRequest::LEN as u64 } else { 0 },
        },
        data: data.unwrap_or([0; PaidRequest::LEN]),
    })
}

fn view(raw: &mut Raw) -> AccountView {
    // SAFETY: `raw` is a header followed by `data_len` bytes of data, alive for the test.
    unsafe { AccountView::new_unchecked(&mut raw.header) }
}

fn record(status: u8, bump: u8) -> [u8; PaidRequest::LEN] {
    let mut data = [0u8; PaidRequest::LEN];
    data[..8].copy_from_slice(&PaidRequest::DISCRIMINATOR);
    data[8] = bump;
    data[9] = status;
    data
}

#[test]
fn request_address_is_solanas_canonical_pda() {
    for i in 0u8..64 {
        let id = [i; 32];
        let (address, bump) = request_address(REPLAY_SEED, &id, &RECEIVER);
        assert_eq!((address.clone(), bump), Address::find_program_address(&[REPLAY_SEED, &id], &RECEIVER));
        assert_eq!(
            Address::create_program_address(&[REPLAY_SEED, &id, &[bump]], &RECEIVER).unwrap(),
            address
        );
    }
}

#[test]
fn replay_status_reads_the_receivers_record_of_this_id() {
    let id = [1u8; 32];
    let (pda, bump) = request_address(REPLAY_SEED, &id, &RECEIVER);
    let mut none = account(pda.clone(), SYSTEM, None);
    assert_eq!(replay_status(&view(&mut none), &id, &RECEIVER), Ok(None));
    for status in [STATUS_PAID, STATUS_INVALIDATED] {
        let mut written = account(pda.clone(), RECEIVER, Some(record(status, bump)));
        assert_eq!(replay_status(&view(&mut written), &id, &RECEIVER), Ok(Some(status)));
    }
}

#[test]
fn attack_the_record_of_another_request_id_is_refused_with_invalid_pda_address() {
    let paid = [1u8; 32];
    let asked = [2u8; 32];
    let (pda, bump) = request_address(REPLAY_SEED, &paid, &RECEIVER);
    let mut other = account(pda, RECEIVER, Some(record(STATUS_PAID, bump)));
    // setup: the record is genuine for `paid`
    assert_eq!(replay_status(&view(&mut other), &paid, &RECEIVER), Ok(Some(STATUS_PAID)));
    assert_eq!(replay_status(&view(&mut other), &asked, &RECEIVER), Err(ReceiverError::InvalidPdaAddress));
}

#[test]
fn attack_a_non_canonical_bump_address_is_refused_with_invalid_pda_address() {
    let id = (0u8..=255)
        .map(|i| [i; 32])
        .find(|id| request_address(REPLAY_SEED, id, &RECEIVER).1 < 255)
        .expect("an id whose canonical bump is below 255");
    let (canonical, bump) = request_address(REPLAY_SEED, &id, &RECEIVER);
    let lower = (0..bump)
        .rev()
        .find_map(|b| Address::create_program_address(&[REPLAY_SEED, &id, &[b]], &RECEIVER).ok())
        .expect("a valid non-canonical PDA");
    assert_ne!(lower, canonical); // setup: a second valid address for the same id exists
    let mut twin = account(lower, RECEIVER, Some(record(STATUS_PAID, bump)));
    assert_eq!(check_request_address(&view(&mut twin), REPLAY_SEED, &id, &RECEIVER), Err(ReceiverError::InvalidPdaAddress));
}

#[test]
fn attack_a_look_alike_record_owned_by_another_program_or_with_other_data_is_refused() {
    let id = [3u8; 32];
    let (pda, bump) = request_address(REPLAY_SEED, &id, &RECEIVER);
    // Another program's account can never sit at the receiver's PDA, but the check must not rely on it.
    let mut foreign = account(pda.clone(), Address::new_from_array([9; 32]), Some(record(STATUS_PAID, bump)));
    assert_eq!(replay_status(&view(&mut foreign), &id, &RECEIVER), Err(ReceiverError::InvalidAccountOwner));
    let mut wrong_type = record(STATUS_PAID, bump);
    wrong_type[0] ^= 1;
    let mut cosplay = account(pda, RECEIVER, Some(wrong_type));
    assert_eq!(
        replay_status(&view(&mut cosplay), &id, &RECEIVER),
        Err(ReceiverError::InvalidAccountDiscriminator)
    );
}

#[test]
fn view_refuses_what_load_refuses_and_reads_what_it_reads_without_touching_the_borrow_flag() {
    let (pda, bump) = request_address(REPLAY_SEED, &[4u8; 32], &RECEIVER);
    let mut wrong_type = record(STATUS_PAID, bump);
    wrong_type[0] ^= 1;
    let mut good = account(pda.clone(), RECEIVER, Some(record(STATUS_INVALIDATED, bump)));
    let mut foreign = account(pda.clone(), Address::new_from_array([9; 32]), Some(record(STATUS_PAID, bump)));
    let mut cosplay = account(pda.clone(), RECEIVER, Some(wrong_type));
    let mut empty = account(pda, RECEIVER, None);
    let expected = [
        Ok(STATUS_INVALIDATED),
        Err(ReceiverError::InvalidAccountOwner.into()),
        Err(ReceiverError::InvalidAccountDiscriminator.into()),
        Err(ReceiverError::InvalidAccountDiscriminator.into()),
    ];
    for (raw, expected) in [&mut good, &mut foreign, &mut cosplay, &mut empty].into_iter().zip(expected) {
        let owned = raw.header.owner == RECEIVER;
        let account = view(raw);
        assert_eq!(load::<PaidRequest>(&account, &RECEIVER).map(|r| r.status), expected);
        // SAFETY: no mutable borrow of the test account's data exists.
        assert_eq!(unsafe { view_state::<PaidRequest>(&account, &RECEIVER) }.map(|r| r.status), expected);
        if owned {
            // SAFETY: as above; the owner is checked just before.
            assert_eq!(unsafe { view_owned::<PaidRequest>(&account) }.map(|r| r.status), expected);
        }
        assert_eq!(raw.header.borrow_state, u8::MAX, "the views leave the borrow flag as they found it");
    }
}
