pub fn print() -> Result<(), String> {
    Ok(())
}
