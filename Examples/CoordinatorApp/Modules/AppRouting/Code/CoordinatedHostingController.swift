import SwiftUI

/// A hosting controller that keeps its coordinator alive for as long as the screen is shown.
public final class CoordinatedHostingController<Content: View>: UIHostingController<Content> {
    public var coordinator: AnyObject?
}
