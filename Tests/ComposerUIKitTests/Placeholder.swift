#if canImport(UIKit)
import Testing
#endif
