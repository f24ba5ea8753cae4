print("aasa-scan")
