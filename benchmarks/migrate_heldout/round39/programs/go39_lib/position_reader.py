import numpy as np

from go39_lib.definitions import BOARD_SIZE, BuildInputTensor, MoveConvertUtil


class PositionActionDataReader(object):
    '''
    Input raw data format:
    each line contains a sequence of moves, representing a state-action pair,
    the last move is an action for prediction.
    e.g.,
    B[b3] W[c4] B[d2] W[c2]
    c2 is action, moves before that represents a board state.

    This reader reads a batch from raw-input-data, then prepares a batch of numpy inputs
    (here handed to an enqueue thread rather than straight to a feed_dict).
    '''
    def __init__(self, position_action_filename, batch_size, boardsize=BOARD_SIZE):
        self.data_file_name = position_action_filename
        self.batch_size = batch_size
        self.boardsize = boardsize
        self.reader = open(self.data_file_name, 'r')
        self.done = False

    def _parse(self, line):
        moves = [(m[0], m[2:-1]) for m in line.split()]
        state = BuildInputTensor(moves[:-1], self.boardsize)
        action = MoveConvertUtil.move_to_index(moves[-1][1], self.boardsize)
        return state, action

    def next_batch(self):
        if self.done:
            return None
        states, actions = [], []
        while len(states) < self.batch_size:
            line = self.reader.readline()
            if not line:
                self.done = True
                self.reader.close()
                break
            line = line.strip()
            if not line:
                continue
            s, a = self._parse(line)
            states.append(s)
            actions.append(a)
        if not states:
            return None
        return np.asarray(states, dtype=np.float32), np.asarray(actions, dtype=np.int32)
