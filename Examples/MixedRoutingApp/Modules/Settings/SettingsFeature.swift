import RouterService
import SwiftUI
import UIKit

public struct SettingsFeature: Feature {
    public init() {}

    public func build(fromRoute route: Route?) -> UIViewController {
        UIHostingController(rootView: SettingsView())
    }
}

struct SettingsView: View {
    @State private var showsLicenses = false

    var body: some View {
        NavigationStack {
            List {
                NavigationLink("Privacy", destination: PrivacyView())
                Button("Licenses") { showsLicenses = true }
            }
            .sheet(isPresented: $showsLicenses) {
                NavigationStack { LicensesView() }
            }
        }
    }
}
