import Routing
import SwiftUI

struct HomeView: View {
    @ObservedObject var router: Router
    @State private var showsAccount = false

    var body: some View {
        NavigationStack {
            List {
                NavigationLink {
                    router.link(for: CatalogRoute())
                } label: {
                    Label("Catalog", systemImage: "square.grid.2x2")
                }
            }
            .navigationTitle("Shop")
            .toolbar {
                Button {
                    showsAccount = true
                } label: {
                    Image(systemName: "person.crop.circle")
                }
            }
            .sheet(isPresented: $showsAccount) {
                router.sheet(for: AccountRoute())
            }
        }
    }
}

#if DEBUG
struct HomePreview: PreviewProvider {
    static var previews: some View {
        HomeView(router: Router())
    }
}
#endif
