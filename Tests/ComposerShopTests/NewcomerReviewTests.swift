import Foundation
import Testing

// The shop runs as a process of its own, which only a desktop platform can start (not the iOS
// simulator, where the macOS CI job builds the test targets).
#if os(macOS) || os(Linux)
    /// The terminal shop as a newcomer meets it: the built `ComposerShop` executable, run the way the
    /// README runs it (`--script FILE`, on the UIKit twin and with `--navigation swiftui`), its output
    /// read back command by command. Each test checks one thing the README, the shop's help or the
    /// articles lead a newcomer to rely on.
    @Suite("Newcomer review: the terminal shop, run as the README runs it")
    struct NewcomerReviewTests {
        /// Both navigation layers the README says run "the same shop, with the same route definitions
        /// and commands" (`--navigation uikit|swiftui`).
        static let layers = ["uikit", "swiftui"]

        /// Checks the login screen that a guard shows (`'product 42' needs sign-in`): swiped away with
        /// `user swipe` (the help: "swipes the top sheet down"), it must end the sign-in that waited
        /// for it, as *Getting started* promises of a guard's login screen ("a swipe that takes it away
        /// answers `nil`, so the guard never waits for a screen that is gone"). The next command must
        /// run at once instead of waiting its turn behind a sign-in nobody can answer, and a later
        /// `login` must not fail the old navigation with a routing report about "previous screen".
        @Test("A login screen swiped away ends the sign-in it asked for", arguments: layers)
        func swipedLoginEndsTheWaitingSignIn(layer: String) throws {
            let run = try ShopRun(
                ["relaunch", "product 42", "user swipe", "home", "login", "product 42"], navigation: layer)

            #expect(run.output(of: "user swipe", occurrence: 0).contains(#"screen "login""#) == false)
            #expect(
                run.output(of: "home", occurrence: 0).contains("waits its turn") == false,
                "'home' is queued behind a sign-in whose login screen is gone")
            #expect(
                run.transcript.contains("Routing failed (noAnchor)") == false,
                "signing in after the swipe fails the old navigation")
            #expect(run.output(of: "product 42", occurrence: 1).contains(#"screen "product 42""#))
        }

        /// Checks `save` then `relaunch` ("start again and restore them") for a signed-out user: the
        /// saved product needs sign-in, and *Links* says a restored link goes "through the router exactly
        /// as a tap would … so every guard runs again: a product that needs sign-in asks for it" (the
        /// tour's own comment: "put back on a fresh launch through the same guards"). The relaunch must
        /// ask for sign-in, and signing in must show the product, not fail on an empty window.
        @Test("A relaunch while signed out asks for sign-in before it restores a guarded screen", arguments: layers)
        func signedOutRelaunchAsksForSignIn(layer: String) throws {
            let run = try ShopRun(
                ["relaunch", "login", "product 42", "save", "logout", "relaunch", "login"], navigation: layer)

            let relaunch = run.output(of: "relaunch", occurrence: 1)
            #expect(relaunch.contains("noAnchor") == false, "the restore fails instead of asking for sign-in")
            #expect(relaunch.contains(#"screen "login""#), "no login screen after the relaunch")
            #expect(run.output(of: "login", occurrence: 1).contains(#"screen "product 42""#))
        }

        /// Checks `relaunch` after switching the A/B group (`experiment b`, "products in a sheet"): a
        /// product saved in the list must come back, in either group, since *Links* restores "at
        /// launch, once the window shows the app's first screen" and group B's route presents from the
        /// screen on top.
        @Test("A product saved in group A comes back after a relaunch in group B", arguments: layers)
        func relaunchInGroupBRestoresTheSavedProduct(layer: String) throws {
            let run = try ShopRun(
                ["relaunch", "login", "product 42", "save", "experiment b", "relaunch"], navigation: layer)

            let relaunch = run.output(of: "relaunch", occurrence: 1)
            #expect(relaunch.contains("restored 1 of 1"), "the saved product is not restored")
            #expect(relaunch.contains(#"screen "product 42""#))
        }

        /// Checks `--script FILE`, which the README and `--help` present as the same shop reading its
        /// commands from a file: a newcomer's own script of the README's first commands (`product 42`,
        /// `login`) must ask for sign-in and then show the product, as the prompt does, rather than fail
        /// the first command because the script starts on an empty window.
        @Test("A script's first command works as it does at the prompt", arguments: layers)
        func scriptStartsLikeThePrompt(layer: String) throws {
            let run = try ShopRun(["product 42", "login"], navigation: layer)

            let first = run.output(of: "product 42", occurrence: 0)
            #expect(first.contains("noAnchor") == false, "the first command of a script fails")
            #expect(first.contains("needs sign-in"))
            #expect(run.output(of: "login", occurrence: 0).contains(#"screen "product 42""#))
        }

        /// Checks `relaunch` ("start again") while a sign-in waits: the new launch must not inherit the
        /// old launch's waiting navigation. `login` must sign in (it once printed nothing, answering
        /// the old launch), and no later command may report "'product 42', which waited for the
        /// sign-in: done" over a screen that is not product 42.
        @Test("A relaunch leaves no sign-in of the previous launch waiting", arguments: layers)
        func relaunchForgetsThePreviousLaunchsSignIn(layer: String) throws {
            let run = try ShopRun(["relaunch", "product 42", "relaunch", "login", "product 7"], navigation: layer)

            #expect(
                run.output(of: "login", occurrence: 0).contains("signed in"),
                "'login' answers the sign-in of the launch before the relaunch")
            #expect(
                run.transcript.contains("'product 42', which waited for the sign-in: done") == false,
                "a navigation of the previous launch reports on the new one")
        }

        /// Checks the message of `choose S|M|L` when the size picker still waits for its answer but the
        /// cart covers it: "no size picker is waiting for an answer: type 'pick' on a product first" is
        /// not true, and following it (`pick`) does not help.
        @Test("'choose' with the picker covered does not say that no picker waits", arguments: layers)
        func chooseUnderTheCartSaysWhatCoversThePicker(layer: String) throws {
            let run = try ShopRun(["relaunch", "login", "pick 42", "cart", "choose m"], navigation: layer)

            let choose = run.output(of: "choose m", occurrence: 0)
            #expect(choose.contains("no size picker is waiting") == false, "the picker waits under the cart")
        }

        /// Checks the shop's answer to a mistyped option: like the prompt's "unknown command 'prodcut'",
        /// it must name what was not understood instead of printing only the usage.
        @Test(
            "A mistyped option or navigation layer is named in the error",
            arguments: [["--scirpt", "tour.txt"], ["--navigation", "swiftiu"]])
        func mistypedOptionIsNamed(arguments: [String]) throws {
            let output = try ShopRun.launch(arguments)

            #expect(output.exitStatus != 0)
            #expect(
                output.text.contains(arguments[arguments[0] == "--navigation" ? 1 : 0]),
                "the error does not say what was wrong")
        }
    }

    /// One run of the terminal shop with `--script`, split into what each command printed.
    private struct ShopRun {
        /// Everything the shop printed.
        let transcript: String
        /// Each command of the script with what it printed, in order.
        let sections: [(command: String, output: String)]

        /// Runs `commands` as a script on the navigation layer `navigation` (`uikit` or `swiftui`).
        init(_ commands: [String], navigation: String) throws {
            let script = FileManager.default.temporaryDirectory
                .appendingPathComponent("newcomer-\(UUID().uuidString).txt")
            try (commands.joined(separator: "\n") + "\n").write(to: script, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: script) }
            transcript = try Self.launch(["--navigation", navigation, "--script", script.path]).text
            var sections: [(command: String, output: String)] = []
            for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("> ") {
                    sections.append((String(line.dropFirst(2)), ""))
                } else if !sections.isEmpty {
                    sections[sections.count - 1].output += line + "\n"
                }
            }
            self.sections = sections
        }

        /// What the `occurrence`-th run (from 0) of `command` printed; empty if it did not run.
        func output(of command: String, occurrence: Int) -> String {
            let runs = sections.filter { $0.command == command }
            return runs.indices.contains(occurrence) ? runs[occurrence].output : ""
        }

        /// Runs the built `ComposerShop` with `arguments` and no input; returns its output (standard
        /// output and error together) and exit status. A run that takes over a minute is stopped.
        static func launch(_ arguments: [String]) throws -> (text: String, exitStatus: Int32) {
            let process = Process()
            process.executableURL = try executable()
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            watchdog.cancel()
            return (String(decoding: data, as: UTF8.self), process.terminationStatus)
        }

        /// The `ComposerShop` executable that `swift build` and `swift test` put beside the test bundle,
        /// or in the package's `.build/debug`.
        private static func executable() throws -> URL {
            var candidates: [URL] = []
            var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<5 {
                candidates.append(folder.appendingPathComponent("ComposerShop"))
                folder = folder.deletingLastPathComponent()
            }
            let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            candidates.append(package.appendingPathComponent(".build/debug/ComposerShop"))
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw MissingShop(searched: candidates.map(\.path))
            }
            return found
        }
    }

    /// The `ComposerShop` executable was not found; `swift build` builds it.
    private struct MissingShop: Error, CustomStringConvertible {
        let searched: [String]
        var description: String { "no ComposerShop executable (run swift build); looked at \(searched)" }
    }
#endif
