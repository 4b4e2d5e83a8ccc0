import CJPEG
import CPNG

/// The versions of the system codecs feedscroll is linked against (for `--version` and logs).
public enum CodecVersions {
    /// libpng's version, e.g. 10639 for 1.6.39.
    public static var png: UInt32 { png_access_version_number() }
    /// The libjpeg API version the headers declare (62 for libjpeg-turbo's default ABI).
    public static var jpeg: Int { Int(JPEG_LIB_VERSION) }
}
