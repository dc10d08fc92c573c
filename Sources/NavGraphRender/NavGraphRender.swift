// NavGraphRender: diagrams from a NavGraph and its findings (see issue "Render").
