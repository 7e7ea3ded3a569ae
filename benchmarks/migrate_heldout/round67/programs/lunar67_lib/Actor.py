
import os
import threading

import numpy as np

from lunar67_lib.settings import *
from lunar67_lib import settings


class Actor(threading.Thread):
    """Plays the recorded descents of one lander and stores every transition in the memory."""

    def __init__(self, n_actor, buffer):

        threading.Thread.__init__(self)
        self.n_actor = n_actor
        self.buffer = buffer
        self.nb_steps = 0

    def run(self):

        log = np.load(os.path.join(settings.DATA_DIR, "descent_actor_%i.npz" % self.n_actor))
        states, actions, rewards = log["states"], log["actions"], log["rewards"]

        s = states[0]
        for t in range(len(actions)):
            a = actions[t]
            r = rewards[t]
            s_ = states[t + 1]
            done = float(t == len(actions) - 1)

            self.buffer.enqueue(s, a, r, s_, done)
            self.nb_steps += 1

            s = s_
