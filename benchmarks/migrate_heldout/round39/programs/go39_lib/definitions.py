import numpy as np

BOARD_SIZE = 5
INPUT_WIDTH = BOARD_SIZE * BOARD_SIZE
_COLS = 'abcdefghjklmnopqrst'  # Go skips the letter i


class MoveConvertUtil(object):
    @staticmethod
    def move_to_index(move, boardsize=BOARD_SIZE):
        col = _COLS.index(move[0])
        row = int(move[1:]) - 1
        return row * boardsize + col


def BuildInputTensor(moves, boardsize=BOARD_SIZE):
    """Board state after the given moves: +1 black, -1 white."""
    board = np.zeros(boardsize * boardsize, dtype=np.float32)
    for color, move in moves:
        board[MoveConvertUtil.move_to_index(move, boardsize)] = 1.0 if color == 'B' else -1.0
    return board
