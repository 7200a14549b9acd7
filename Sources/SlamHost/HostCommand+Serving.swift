import ArgumentParser
import Logging
import SlamDaemon
#if canImport(Glibc)
import Glibc
#endif

extension HostCommand {
    /// Parses `arguments` and does what they ask, with the exit statuses every Slam command uses:
    /// 0 ok, 1 it could not do its work (the socket is taken, the application is refused, a check
    /// found errors), 2 usage (swift-argument-parser's own is 64), 130 after SIGINT.
    static func main(arguments: [String], makeApplication: @escaping SlamDaemon.ApplicationFactory) -> Never {
        do {
            let command = try parseAsRoot(Options.normalized(arguments))
            guard let host = command as? Self else {
                // --help, --version and the completion scripts are commands of swift-argument-parser's own.
                var other = command
                try other.run()
                Glibc.exit(0)
            }
            try host.serve(makeApplication)
            Glibc.exit(0)
        } catch {
            if exitCode(for: error) == .validationFailure {
                let standardError = Array((fullMessage(for: error) + "\n").utf8)
                _ = standardError.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }

    /// Prints the manual page, runs a check, or serves until a signal stops the daemon.
    func serve(_ makeApplication: @escaping SlamDaemon.ApplicationFactory) throws {
        let host = HostDescription.current
        if let date = generateManual {
            print(try Self.manualPage(date: date).source, terminator: "")
            return
        }
        if let check = options.runCheck(makeApplication) {
            for line in check.lines { print(line) }
            throw ExitCode(check.passed ? 0 : 1)
        }
        let level = Logger.Level(rawValue: logLevel)!
        let forwarder = LogForwarder()
        LoggingSystem.bootstrap { label in
            // Standard error through a buffer a thread of its own drains: logging never blocks the event loop.
            var handler = MultiplexLogHandler([StreamLogHandler(label: label, stream: StandardErrorStream.shared),
                                               forwarder.handler(label: label)])
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: host.name)
        var configuration = DaemonConfiguration(socketPath: socket, maximumMessageBytes: maxMessageBytes,
                                                maximumUnreadBytes: maxUnreadBytes, maximumTotalUnreadBytes: maxTotalUnreadBytes,
                                                allowedUserIDs: Set(allowedUserIDs),
                                                allowsAnyUser: allowAnyUser, logLevel: level,
                                                web: web.map { WebConfiguration(address: $0, allowsRemote: webAllowRemote, rootDirectory: webRoot,
                                                                                 maximumConnections: maxWebConnections,
                                                                                 maximumUnservedConnections: maxWebUnserved,
                                                                                 tokenFile: webTokenFile) },
                                                taskTimeoutMilliseconds: taskTimeoutMs, traceDirectory: traceDir)
        configuration.defaultSocketName = host.socketFileName
        configuration.serviceLimits = serviceLimits
        configuration.instanceIdleTimeoutMilliseconds = instanceIdleTimeout == 0 ? nil : instanceIdleTimeout * 1000
        // MCP's Streamable HTTP transport beside /rpc: its servers are clients of this daemon's own socket.
        let socketPath = configuration.resolvedSocketPath
        configuration.web?.endpoints = [MCPWebEndpoint(socketPath: socketPath, logger: logger, instancePerSession: mcpInstances).endpoint]
        let daemon = SlamDaemon(configuration: configuration, logger: logger, logForwarder: forwarder,
                                makeApplication: options.application(makeApplication, logger: logger),
                                otherApplications: options.otherApplications(makeApplication, logger: logger))
        do {
            // Straight to fd 1, unbuffered: a launcher waits for these lines. They are slamd's for every
            // host, so whatever launches slamd (the harness, the pytest plugin's --slam-app) launches an app too.
            try daemon.run(ready: { path in Self.printLine("slamd listening on \(path)") },
                           webReady: { url in Self.printLine("slamd web UI at \(url)") })
        } catch {
            // Named after the program, as when the command was slamd's own module.
            logger.critical("\(error)", source: host.name)
            StandardErrorStream.shared.flush()
            throw ExitCode(1)
        }
        StandardErrorStream.shared.flush()
        // Interrupted (Ctrl-C) as every long-running Slam command reports it; SIGTERM is a clean stop.
        if daemon.stoppingSignal == SIGINT { throw ExitCode(128 + SIGINT) }
    }

    private static func printLine(_ text: String) {
        // The log records written so far go first: one who reads both outputs together (a launcher
        // with 2>&1) sees them in the order they happened, the ready lines adjacent and last.
        StandardErrorStream.shared.flush()
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}
