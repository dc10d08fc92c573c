import NavGraphKit
print("navgraph")
