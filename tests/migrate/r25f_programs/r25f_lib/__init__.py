from r25f_lib.records import OPTIONS as RECORD_OPTIONS  # noqa: F401  (a re-export the rewrite follows)
