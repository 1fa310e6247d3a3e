// The version printed by `badgec --version`.

/// BadgeKit's version, semantic versioning.
public let version = "0.1.0"
