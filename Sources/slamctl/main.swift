#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

exit(Slamctl.main(Array(CommandLine.arguments.dropFirst())))
