"""Another module of the tree naming a program's feeding function."""
from cls_fn_imported_left import feed_loop

FEEDERS = {"rows": feed_loop}
