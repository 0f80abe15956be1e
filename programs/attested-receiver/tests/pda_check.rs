//! Host tests of the replay PDA check (`checks::replay_pda_with_canonical_bump`), the program's
//! sha256 + ed25519-point-test replacement for `create_program_address` plus a canonicality loop,
//! against Solana's own rule (`solana-address`'s host `create_program_address` and
//! `find_program_address`) for many pseudo-random request ids and program ids and every relevant
//! bump. The primitives are plugged in through the same `PdaOps` trait the program implements
//! with `sol_sha256` and `sol_curve_validate_point`.

use attested_receiver::{
    checks::{replay_pda_with_canonical_bump, PdaOps, PDA_MARKER, REPLAY_SEED},
    error::ReceiverError,
    state::paid_request,
};
use curve25519_dalek::edwards::CompressedEdwardsY;
use sha2::{Digest as _, Sha256};
use solana_address::Address;

struct Host;
impl PdaOps for Host {
    fn sha256(data: &[u8]) -> [u8; 32] {
        Sha256::digest(data).into()
    }
    fn is_on_curve(bytes: &[u8; 32]) -> bool {
        CompressedEdwardsY(*bytes).decompress().is_some()
    }
}

/// Deterministic pseudo-random 32-byte strings: sha256(label || counter).
fn prng(label: &str, i: u64) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(label.as_bytes());
    h.update(i.to_le_bytes());
    h.finalize().into()
}

/// What Solana says about (address, bump): the verdict the program must return.
fn reference(address: &[u8; 32], id: &[u8; 32], bump: u8, program_id: &Address) -> Result<(), ReceiverError> {
    match Address::create_program_address(&[b"replay", id, &[bump]], program_id) {
        Err(_) => Err(ReceiverError::InvalidPdaAddress),
        Ok(pda) if pda.as_array() != address => Err(ReceiverError::InvalidPdaAddress),
        Ok(_) => {
            let (_, canonical) = Address::find_program_address(&[b"replay", id], program_id);
            if canonical == bump {
                Ok(())
            } else {
                Err(ReceiverError::NonCanonicalBump)
            }
        }
    }
}

/// The raw hash `create_program_address` would return for `bump` if it were off the curve.
fn raw_hash(id: &[u8; 32], bump: u8, program_id: &Address) -> [u8; 32] {
    let mut h = Sha256::new();
    for part in [&b"replay"[..], id, &[bump], program_id.as_ref(), b"ProgramDerivedAddress"] {
        h.update(part);
    }
    h.finalize().into()
}

#[test]
fn constants_match_the_program_and_solana() {
    assert_eq!(&REPLAY_SEED[..], paid_request::REPLAY_SEED);
    assert_eq!(&PDA_MARKER, b"ProgramDerivedAddress");
}

#[test]
fn point_test_matches_solana_on_random_bytes() {
    let mut on = 0;
    for i in 0..20_000 {
        let b = prng("point", i);
        assert_eq!(Host::is_on_curve(&b), solana_address::bytes_are_curve_point(b), "bytes {b:?}");
        on += Host::is_on_curve(&b) as u32;
    }
    // About half of all 32-byte strings decompress (the basis of the 1/2, 1/4, ... bump shares).
    assert!((9_000..11_000).contains(&on), "{on} of 20000 on the curve");
}

#[test]
fn matches_solana_for_random_ids_and_program_ids() {
    let mut canonical_seen = [0u32; 256];
    let mut cases = 0u32;
    for i in 0..1_500 {
        let id = prng("request-id", i);
        let program_id = Address::new_from_array(prng("program-id", i / 10));
        let (pda, canonical) = Address::find_program_address(&[b"replay", &id], &program_id);
        canonical_seen[canonical as usize] += 1;
        // Every bump from 8 below the canonical one up to 255, each with its own derived address
        // (or the raw on-curve hash when the bump has no PDA) and with the canonical PDA.
        for bump in canonical.saturating_sub(8)..=255 {
            let own = match Address::create_program_address(&[b"replay", &id, &[bump]], &program_id) {
                Ok(a) => *a.as_array(),
                Err(_) => raw_hash(&id, bump, &program_id),
            };
            for address in [own, *pda.as_array()] {
                assert_eq!(
                    replay_pda_with_canonical_bump::<Host>(&address, &id, bump, program_id.as_array()),
                    reference(&address, &id, bump, &program_id),
                    "id {id:?} program {program_id:?} bump {bump} (canonical {canonical})"
                );
                cases += 1;
            }
        }
        // A few low bumps and an unrelated address.
        for bump in [0u8, 1, 100, 200] {
            let other = prng("other", i);
            for address in [raw_hash(&id, bump, &program_id), other] {
                assert_eq!(
                    replay_pda_with_canonical_bump::<Host>(&address, &id, bump, program_id.as_array()),
                    reference(&address, &id, bump, &program_id),
                );
                cases += 1;
            }
        }
    }
    // The sample covers canonical bumps 255 down to at least 250 (shares 1/2, 1/4, ... 1/64).
    for b in 250..=255 {
        assert!(canonical_seen[b] > 0, "no id with canonical bump {b}");
    }
    assert!(cases > 30_000);
}

#[test]
fn verdicts_on_known_cases() {
    // One id per canonical bump 255, 254, 253: the canonical bump passes; a lower valid bump is
    // NonCanonicalBump; a higher bump (on the curve, no PDA) is InvalidPdaAddress even when its raw
    // hash is supplied as the account; the right address with a wrong bump is InvalidPdaAddress.
    let program_id = Address::new_from_array(prng("known-program", 0));
    for want in [255u8, 254, 253] {
        let (id, pda, b) = (0..)
            .map(|i| prng("known-id", i))
            .find_map(|id| {
                let (pda, b) = Address::find_program_address(&[b"replay", &id], &program_id);
                (b == want).then_some((id, pda, b))
            })
            .unwrap();
        let pid = program_id.as_array();
        assert_eq!(replay_pda_with_canonical_bump::<Host>(pda.as_array(), &id, b, pid), Ok(()));
        if b < 255 {
            let above = raw_hash(&id, b + 1, &program_id);
            assert!(Host::is_on_curve(&above));
            assert_eq!(
                replay_pda_with_canonical_bump::<Host>(&above, &id, b + 1, pid),
                Err(ReceiverError::InvalidPdaAddress)
            );
        }
        let lower = (0..b)
            .rev()
            .find_map(|l| Address::create_program_address(&[b"replay", &id, &[l]], &program_id).ok().map(|a| (a, l)))
            .unwrap();
        assert_eq!(
            replay_pda_with_canonical_bump::<Host>(lower.0.as_array(), &id, lower.1, pid),
            Err(ReceiverError::NonCanonicalBump)
        );
        assert_eq!(
            replay_pda_with_canonical_bump::<Host>(pda.as_array(), &id, lower.1, pid),
            Err(ReceiverError::InvalidPdaAddress)
        );
    }
}
