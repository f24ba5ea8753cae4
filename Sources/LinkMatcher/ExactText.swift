/// A text compared and hashed by its UTF-8 bytes, for keys of pattern texts. `String`'s own
/// equality is canonical equivalence: it takes the Kelvin sign `K` for `K`, and `é` for `e`
/// with a combining accent, which match other URLs.
package struct ExactText: Hashable, Sendable {
    package let text: Substring

    package init(_ text: Substring) { self.text = text }
    package init(_ text: String) { self.text = text[...] }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        var (left, right) = (lhs.text, rhs.text)
        return left.withUTF8 { left in right.withUTF8 { left.elementsEqual($0) } }
    }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
