//! The program's `security.txt` (the solana-security-txt format, V1): NUL-terminated
//! `key`, `value` pairs between the BEGIN and END markers, found by explorers and
//! `query-security-txt` in the program's bytes, so they know who to contact about a
//! vulnerability. The text sits in `.rodata` (sbpf-linker keeps no custom `.security.txt`
//! section and relocates only into `.rodata`), written as bytes in place so the markers appear
//! verbatim.
//! Left out with `no-entrypoint` (a program depending on this crate has its own). Change the
//! values here; `test/svm/security-txt.test.ts` parses them back out of the `.so`.

/// The whole text, markers included.
pub const SECURITY_TXT: &[u8] = b"=======BEGIN SECURITY.TXT V1=======\0\
name\0attestkit attested-receiver\0\
project_url\0https://github.com/attestkit/attestkit\0\
contacts\0link:https://github.com/attestkit/attestkit/security/advisories/new\0\
policy\0https://github.com/attestkit/attestkit/blob/main/SECURITY.md\0\
preferred_languages\0en\0\
source_code\0https://github.com/attestkit/attestkit/tree/main/programs/attested-receiver\0\
=======END SECURITY.TXT V1=======\0";

#[cfg(all(any(target_os = "solana", target_arch = "bpf"), not(feature = "no-entrypoint")))]
const LEN: usize = SECURITY_TXT.len();

#[cfg(all(any(target_os = "solana", target_arch = "bpf"), not(feature = "no-entrypoint")))]
const fn to_array() -> [u8; LEN] {
    let mut out = [0u8; LEN];
    let mut i = 0;
    while i < LEN {
        out[i] = SECURITY_TXT[i];
        i += 1;
    }
    out
}

#[cfg(all(any(target_os = "solana", target_arch = "bpf"), not(feature = "no-entrypoint")))]
#[used]
#[no_mangle]
pub static security_txt: [u8; LEN] = to_array();
