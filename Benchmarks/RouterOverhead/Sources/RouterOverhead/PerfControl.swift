#if canImport(Glibc)
    import Glibc
#endif

/// Turns `perf record`'s sampling on and off around the measured runs when `time-profile.sh` runs
/// the benchmark (its `--control` pipes, named by `PERF_CONTROL_FIFO` and `PERF_ACK_FIFO`), so that
/// the time profile holds the runs alone: in `--profile reveal-fresh`, making and walking each
/// tree takes about eight times as long as the reveal timed after it. Does nothing otherwise.
enum PerfControl {
    /// The control pipe to write commands to and the one perf acknowledges them on, opened once.
    private static let pipes: (control: Int32, acknowledgement: Int32)? = {
        #if canImport(Glibc)
            guard let control = getenv("PERF_CONTROL_FIFO"), let acknowledgement = getenv("PERF_ACK_FIFO") else {
                return nil
            }
            let controlFD = open(control, O_WRONLY)
            let acknowledgementFD = open(acknowledgement, O_RDONLY)
            return controlFD >= 0 && acknowledgementFD >= 0 ? (controlFD, acknowledgementFD) : nil
        #else
            return nil
        #endif
    }()

    /// Starts sampling; returns once perf has acknowledged, so the first run is sampled.
    static func resume() { send("enable") }

    /// Stops sampling; returns once perf has acknowledged, so what follows is not sampled.
    static func pause() { send("disable") }

    private static func send(_ command: String) {
        #if canImport(Glibc)
            guard let pipes else { return }
            var line = Array((command + "\n").utf8)
            _ = write(pipes.control, &line, line.count)
            // perf answers "ack\n" and a terminating zero.
            var answer = [UInt8](repeating: 0, count: 5)
            _ = read(pipes.acknowledgement, &answer, answer.count)
        #endif
    }
}
