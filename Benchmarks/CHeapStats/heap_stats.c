// The header does the work (mallinfo2); SwiftPM needs one source file per C target.
