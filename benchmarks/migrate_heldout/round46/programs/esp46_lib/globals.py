# Column layout of the draft-phase CSV (one line per match and team).
CSV_COLUMNS = ["match_id", "team", "picks", "bans", "duration_min", "win"]
DEFAULTS = [[""], [""], [""], [""], [0.0], [0]]
LABEL_COLUMN = "win"
NUM_PICKS = 5
NUM_BANS = 3
BATCH_SIZE = 4
