"""Bell foundry: 3-D scans of cast bells (point clouds) and their measured strike note."""
