//! Helpers shared by the integration tests.

/// Bytes of a hex string, with or without `0x`.
pub fn hex(s: &str) -> Vec<u8> {
    let s = s.strip_prefix("0x").unwrap_or(s);
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

/// A JSON file of the repository, by its path from the repository root.
pub fn repo_json(path: &str) -> serde_json::Value {
    let full = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(full).unwrap()).unwrap()
}
