#if DEBUG
import Routing
import SwiftUI

/// Developer menu, only in debug builds and only opened from its preview.
public struct DebugFeature: Feature {
    public init() {}

    public func build(using router: Router) -> AnyView {
        AnyView(
            List {
                NavigationLink("Catalog") {
                    router.link(for: CatalogRoute())
                }
                Button("Reset onboarding") {
                    UserDefaults.standard.removeObject(forKey: "onboarding.done")
                }
            }
            .navigationTitle("Debug")
        )
    }
}

struct DebugFeaturePreview: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            DebugFeature().build(using: Router())
        }
    }
}
#endif
