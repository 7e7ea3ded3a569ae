"""Helpers of the provhelper programs: shards of glaze-test records, a pooled k-reader read, a spec and providers."""
