import NavGraphSupport
import NavGraphModel
import NavGraphSchema
import NavGraphGraph
import NavGraphChecks

/// Where the interactive explorer is: the screen shown, the way back, the chosen line, and
/// whether the user is typing a name to jump to. A plain value; `Explorer.handle` turns a key
/// and a state into the next state, `Explorer.render` a state into screen lines.
public struct ExplorerState: Sendable, Equatable {
    public enum Mode: Sendable, Equatable {
        case browse
        /// Typing after `/`.
        case search(String)
    }

    /// The screen shown (nil only for a registry without features).
    public var current: Int32?
    /// Screens visited before, most recent last.
    public var history: [Int32]
    /// The chosen line: an outgoing route, or a match while searching.
    public var selection: Int
    public var mode: Mode
    /// A one-line answer to the last key (why a route cannot be followed, …).
    public var message: String?
    public var quit: Bool

    public init(current: Int32?, history: [Int32] = [], selection: Int = 0, mode: Mode = .browse, message: String? = nil, quit: Bool = false) {
        self.current = current
        self.history = history
        self.selection = selection
        self.mode = mode
        self.message = message
        self.quit = quit
    }
}

/// A key the explorer understands.
public enum ExplorerKey: Sendable, Equatable {
    case up, down, left, right, enter, backspace, escape, ctrlC
    case char(Character)
    case other

    /// Decodes the bytes a terminal in raw mode sends (arrow keys as `ESC [ A` or `ESC O A`).
    public static func parse(_ bytes: [UInt8]) -> [ExplorerKey] {
        var keys: [ExplorerKey] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                if i + 2 < bytes.count, bytes[i + 1] == 0x5B || bytes[i + 1] == 0x4F {
                    var j = i + 2
                    // Parameters (`ESC [ 1 ; 5 A`) up to the final byte.
                    while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
                    guard j < bytes.count else { keys.append(.other); i = bytes.count; continue }
                    switch bytes[j] {
                    case 0x41: keys.append(.up)
                    case 0x42: keys.append(.down)
                    case 0x43: keys.append(.right)
                    case 0x44: keys.append(.left)
                    default: keys.append(.other)
                    }
                    i = j + 1
                } else {
                    keys.append(.escape)
                    i += 1
                }
            case 0x0D, 0x0A:
                keys.append(.enter)
                i += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                i += 1
            case 0x03:
                keys.append(.ctrlC)
                i += 1
            case 0x20...0x7E:
                keys.append(.char(Character(Unicode.Scalar(b))))
                i += 1
            case 0xC0...0xF7:
                let len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                let end = min(bytes.count, i + len)
                let text = String(decoding: bytes[i..<end], as: UTF8.self)
                if let c = text.first, c != "\u{FFFD}" { keys.append(.char(c)) } else { keys.append(.other) }
                i = end
            default:
                keys.append(.other)
                i += 1
            }
        }
        return keys
    }
}
