import Foundation
import NavGraphPlatform
import NavGraphSupport

/// The process's table of file paths and of the texts read from them: `SourceLocation` holds a file
/// id from here instead of a `String`, so a location is a plain value (copying one costs no reference
/// counting) and equal paths are equal ids.
///
/// A reader that has a file's bytes registers them once (`register(_:path:style:)`) and makes its
/// locations as byte offsets into that text; the text's `LineTable` turns an offset into line:col only
/// when a location is printed, compared with one made another way, or hashed.
///
/// Append-only and shared by every thread (the scanner makes locations in parallel); a path keeps
/// its id, and a text its table, for the life of the process. Each registration is a new text (a file
/// read twice, even with other contents, keeps both), so a location never changes its meaning.
package enum SourceFiles {
    private final class Table: @unchecked Sendable {
        /// Readers (printing locations, on both of a report's threads) share it; adding takes it alone.
        private let lock = ReadWriteLock()
        var ids: [String: UInt32] = [:]
        var paths: [String] = []
        var texts: [LineTable] = []

        func reading<R>(_ body: () -> R) -> R { lock.reading(body) }

        func writing<R>(_ body: () -> R) -> R { lock.writing(body) }
    }

    private static let table = Table()

    /// The id of `path`, added to the table on first use.
    package static func id(_ path: String) -> UInt32 {
        if let id = table.reading({ table.ids[path] }) { return id }
        return table.writing { unlockedID(path) }
    }

    private static func unlockedID(_ path: String) -> UInt32 {
        if let id = table.ids[path] { return id }
        let id = UInt32(table.paths.count)
        table.paths.append(path)
        table.ids[path] = id
        return id
    }

    /// The path of an id `id(_:)` handed out.
    package static func path(_ id: UInt32) -> String {
        table.reading { table.paths[Int(id)] }
    }

    /// Registers the bytes of a file read from `path` (the line table is built here, in one pass;
    /// the bytes themselves are kept only for lines with non-ASCII text, whose columns need them).
    package static func register(_ bytes: UnsafeBufferPointer<UInt8>, path: String, style: LineTable.Style) -> TextID {
        let lines = LineTable(bytes, style: style)
        return table.writing {
            let file = unlockedID(path)
            table.texts.append(lines)
            return TextID(file: file, text: UInt32(table.texts.count - 1))
        }
    }

    /// The line table of a registered text.
    package static func lines(_ text: UInt32) -> LineTable {
        table.reading { table.texts[Int(text)] }
    }

    /// A registered text: the file id of its path and its own id (what offset locations point into).
    package struct TextID: Sendable {
        package let file: UInt32
        package let text: UInt32
    }
}

/// Where the lines of one text start, and enough of its bytes to count columns as its reader does.
package final class LineTable: Sendable {
    /// How a reader counts lines and columns.
    package enum Style: Sendable {
        /// The JSON readers: a line ends at `\n` (a `\r` before it is part of the line), line 1 starts
        /// after a UTF-8 byte order mark, and a column counts characters (Unicode scalars).
        case json
        /// swift-syntax's `SourceLocationConverter`: a line ends at `\n`, `\r` or `\r\n`, and a column
        /// counts UTF-8 bytes.
        case swift
    }

    private let style: Style
    /// The byte offset where each line starts (line 1 at index 0).
    private let starts: [Int]
    /// Lines (zero-based, ascending) with a byte ≥ 0x80, and where their bytes are in `wideBytes`.
    private let wideLines: [Int]
    private let wideOffsets: [Int]
    private let wideBytes: [UInt8]

    package init(_ bytes: UnsafeBufferPointer<UInt8>, style: Style) {
        self.style = style
        let bom = style == .json && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        var starts = [bom ? 3 : 0]
        var wideLines: [Int] = [], wideOffsets: [Int] = [], wideBytes: [UInt8] = []
        if let base = bytes.baseAddress {
            // A lone `\r` ends a Swift line too; without any `\r` in the text, `\n` alone is looked for.
            let carriageReturns = style == .swift && memchr(base, 0x0D, bytes.count) != nil
            var lineStart = starts[0]
            while lineStart <= bytes.count {
                var end = bytes.count, next = bytes.count
                if carriageReturns {
                    var i = lineStart
                    while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                    end = i
                    next = i < bytes.count && bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? i + 2 : i + 1
                } else if lineStart < bytes.count, let p = memchr(base + lineStart, 0x0A, bytes.count - lineStart) {
                    end = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
                    next = end + 1
                }
                if style == .json, !NameTable.isASCII(UnsafeBufferPointer(start: base + lineStart, count: end - lineStart)) {
                    wideLines.append(starts.count - 1)
                    wideOffsets.append(wideBytes.count)
                    wideBytes.append(contentsOf: UnsafeBufferPointer(start: base + lineStart, count: end - lineStart))
                }
                guard end < bytes.count else { break }
                lineStart = next
                starts.append(lineStart)
            }
        }
        (self.starts, self.wideLines, self.wideOffsets, self.wideBytes) = (starts, wideLines, wideOffsets, wideBytes)
    }

    /// The one-based line and column of a byte offset: a binary search of the line starts, then the
    /// column counted from the line's start (characters: every byte that does not continue a UTF-8
    /// sequence; an ASCII line needs no counting).
    package func position(_ offset: Int) -> (line: Int, column: Int) {
        var lo = 0, hi = starts.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid }
        }
        let start = starts[lo]
        guard offset > start else { return (lo + 1, 1) }
        guard style == .json, let wide = Self.search(wideLines, lo) else { return (lo + 1, offset - start + 1) }
        let from = wideOffsets[wide]
        let lineLength = (wide + 1 < wideOffsets.count ? wideOffsets[wide + 1] : wideBytes.count) - from
        let counted = min(offset - start, lineLength)
        var column = 1
        for i in from..<(from + counted) where wideBytes[i] & 0xC0 != 0x80 {
            column += 1
        }
        return (lo + 1, column + (offset - start - counted))
    }

    private static func search(_ sorted: [Int], _ value: Int) -> Int? {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == value ? lo : nil
    }
}
