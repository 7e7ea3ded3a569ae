"""Smart-meter input library (a package with sub-packages, imported by absolute names)."""
