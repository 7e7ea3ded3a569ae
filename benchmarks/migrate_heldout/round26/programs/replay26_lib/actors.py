"""Actor threads: each unrolls its recorded episode log into trajectories and appends them to the queue."""
import threading

from replay26_lib.fifo_queue import Trajectory


def load_episode_log(path, trajectory_size):
    rows = []
    with open(path) as f:
        for line in f:
            s0, s1, action, reward, done = line.strip().split(";")
            rows.append(([int(s0), int(s1)], int(action), float(reward), done == "1"))
    for start in range(0, len(rows), trajectory_size):
        chunk = rows[start:start + trajectory_size]
        yield Trajectory([r[0] for r in chunk], [r[1] for r in chunk], [r[2] for r in chunk], [r[3] for r in chunk])


class Actor(threading.Thread):

    def __init__(self, actor_id, log_path, sess, queue, trajectory_size):
        super(Actor, self).__init__(name="actor-%d" % actor_id)
        self.daemon = True
        self.log_path = log_path
        self.sess = sess
        self.queue = queue
        self.trajectory_size = trajectory_size

    def run(self):
        for trajectory in load_episode_log(self.log_path, self.trajectory_size):
            self.queue.append_to_queue(self.sess, trajectory)


def close_when_done(sess, queue, actors):
    for actor in actors:
        actor.join()
    sess.run(queue.close_op)
