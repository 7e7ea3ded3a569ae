"""Column names and defaults of the taxi trip CSV."""
CSV_COLUMNS = ["trip_id", "pickup_hour", "passengers", "distance_km", "payment", "fare"]
CSV_DEFAULTS = [[0], [0], [1], [0.0], ["cash"], [0.0]]
LABEL_COLUMN = "fare"
PAYMENTS = ["cash", "card", "app"]
