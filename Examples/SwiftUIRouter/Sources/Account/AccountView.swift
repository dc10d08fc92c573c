import Routing
import SwiftUI

struct AccountView: View {
    let router: Router
    @AppStorage("account.name") private var name = ""

    var body: some View {
        Form {
            TextField("Your name", text: $name)
            NavigationLink("Browse the catalog") {
                router.link(for: CatalogRoute())
            }
        }
        .navigationTitle("Account")
    }
}
