"""Special vocabulary ids of the chat data (stand-in for the project's utils.io_utils)."""
PAD_ID = 0
GO_ID = 1
EOS_ID = 2
UNK_ID = 3
