/// Patterns that are built rather than written inline.
enum Paths {
    static let library = "library"

    static func book() -> String {
        "library/book/[0-9]+"
    }
}
