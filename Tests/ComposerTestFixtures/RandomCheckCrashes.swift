import Foundation

/// What the long runs of the random checks (`scripts/model-check`) need for a crash, which ends the
/// process before any report or shrinking: the run notes, before each chunk of moves, how to make
/// that chunk again, and a replay runs a chunk, or the moves of it that a list keeps, in a process
/// of its own. The script shrinks a crashing chunk by replaying smaller and smaller lists, each in a
/// new process, and prints the reproduction the last crashing replay printed.
///
/// Everything is read from the environment: `MODEL_CHECK_PROGRESS` (the file the run notes the
/// chunk in), `MODEL_CHECK_REPLAY` (a chunk as noted) and `MODEL_CHECK_KEEP` (the indices of its
/// moves to keep, comma-separated; all of them when unset), and `MODEL_CHECK_TRAP` (see
/// ``trapIfAsked(_:at:describedAs:)``).
package enum RandomCheckCrashes {
    private static let environment = ProcessInfo.processInfo.environment

    /// Replaces the progress file's text with `chunk`, a chunk's description as ``replay`` reads it
    /// back. Does nothing outside `scripts/model-check`, which names the file.
    package static func noteChunk(_ chunk: String) {
        guard let path = environment["MODEL_CHECK_PROGRESS"] else { return }
        // Written before the chunk runs: a crash in it leaves the line for the script to read.
        try? Data((chunk + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The chunk to replay and the indices of its moves to keep (`nil`: every move), when the
    /// script asks for a replay.
    package static var replay: (chunk: String, kept: [Int]?)? {
        guard let chunk = environment["MODEL_CHECK_REPLAY"] else { return nil }
        guard let list = environment["MODEL_CHECK_KEEP"] else { return (chunk, nil) }
        return (chunk, list.split(separator: ",").compactMap { Int($0) })
    }

    /// The value of `key` in a chunk's description of `key=value` words: `seed=7 episode=3`.
    package static func value(_ key: String, in chunk: String) -> String? {
        for word in chunk.split(separator: " ") where word.hasPrefix(key + "=") {
            return String(word.dropFirst(key.count + 1))
        }
        return nil
    }

    /// The elements of `moves` at `kept` (all of them for `nil`); indices out of range are left out.
    package static func keeping<Move>(_ kept: [Int]?, of moves: [Move]) -> [Move] {
        guard let kept else { return moves }
        return kept.filter { moves.indices.contains($0) }.map { moves[$0] }
    }

    /// Prints `reproduction` between two marker lines the script looks for, then flushes: a replay
    /// prints it before it runs, since a crash leaves no time after.
    package static func printReproduction(_ reproduction: String) {
        printNow("--- reproduction ---\n\(reproduction)\n--- end of reproduction ---")
    }

    /// Prints the line the script reads as "the replay ended without crashing".
    package static func replayFinished(_ outcome: String) {
        printNow("replay: finished, \(outcome)")
    }

    /// Prints `text` and flushes every output stream (`stdout` itself is a global that strict
    /// concurrency will not read): a crash right after would lose what is still buffered.
    private static func printNow(_ text: String) {
        print(text)
        fflush(nil)
    }

    /// The crash `MODEL_CHECK_TRAP` asks for, `first,then`: see ``trapIfAsked(_:at:describedAs:)``.
    private static let trap: (first: String, then: String)? = {
        guard let value = environment["MODEL_CHECK_TRAP"] else { return nil }
        let parts = value.split(separator: ",", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }()

    /// Crashes on purpose, when `MODEL_CHECK_TRAP` is `first,then`, at a move (`moves[index]`)
    /// whose description contains `then` after one that contains `first`: a crash whose shortest
    /// reproduction is known (those two moves), to show that the script shrinks crashes
    /// (`scripts/model-check --trap first,then`). Does nothing unless that variable is set.
    package static func trapIfAsked<Move>(_ moves: [Move], at index: Int, describedAs describe: (Move) -> String) {
        guard let trap, moves.indices.contains(index), describe(moves[index]).contains(trap.then),
            moves[..<index].contains(where: { describe($0).contains(trap.first) })
        else { return }
        fatalError("MODEL_CHECK_TRAP \(trap.first),\(trap.then): the crash asked for, at \(describe(moves[index]))")
    }
}
