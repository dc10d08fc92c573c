// NavGraphScan: swift-syntax scanner (see issue "Scan").
