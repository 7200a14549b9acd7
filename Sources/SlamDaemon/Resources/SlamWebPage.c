// The SlamWebPage target is the page in web/, which the build copies beside each executable that links
// SlamDaemon (Package.swift says why a C target carries it); SwiftPM needs one source file to build the target.
