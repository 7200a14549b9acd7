import Foundation
import NIOConcurrencyHelpers
import Testing
import SlamDaemon

/// `SOCKET.lock`: one holder at a time, the file gone once its holder lets go, never
/// removed by a daemon that did not get it.
@Suite struct SocketLockTests {
    @Test func theFileGoesWithItsHolderAndARefusedTakerLeavesItAlone() throws {
        let directory = try LockTestDirectory()
        let socket = directory.path + "/s.sock"
        var first: SocketLock? = try SocketLock(socketPath: socket)
        #expect(FileManager.default.fileExists(atPath: socket + ".lock"))
        #expect(throws: DaemonError.self) { try SocketLock(socketPath: socket) }
        #expect(FileManager.default.fileExists(atPath: socket + ".lock"), "the refused one left the holder's file")
        #expect(String(decoding: FileManager.default.contents(atPath: socket + ".lock") ?? Data(), as: UTF8.self) == "\(getpid())\n")
        first = nil
        #expect(first == nil)
        #expect(!FileManager.default.fileExists(atPath: socket + ".lock"))
        let second = try SocketLock(socketPath: socket)
        second.release()
        second.release()
        #expect(!FileManager.default.fileExists(atPath: socket + ".lock"))
    }

    /// Takers that lock and let go as fast as they can never hold it two at a time, although
    /// each removes the file on letting go while others have it open.
    @Test func takersRacingNeverHoldItTogether() throws {
        let directory = try LockTestDirectory()
        let socket = directory.path + "/s.sock"
        let counts = NIOLockedValueBox((holders: 0, mostAtOnce: 0, taken: 0))
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                guard let lock = try? SocketLock(socketPath: socket) else { continue }
                counts.withLockedValue {
                    $0.holders += 1
                    $0.taken += 1
                    $0.mostAtOnce = max($0.mostAtOnce, $0.holders)
                }
                usleep(20)
                counts.withLockedValue { $0.holders -= 1 }
                lock.release()
            }
        }
        let result = counts.withLockedValue { $0 }
        #expect(result.mostAtOnce == 1)
        #expect(result.taken > 0)
        #expect(!FileManager.default.fileExists(atPath: socket + ".lock"))
    }
}

/// A temporary directory removed with everything in it when the value goes.
private final class LockTestDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "slam-lock-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
