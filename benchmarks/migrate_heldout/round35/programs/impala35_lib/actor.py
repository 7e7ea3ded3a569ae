import numpy as np


class Actor:
    def __init__(self, actor_id, queue, trajectory, episodes, rollout_file):
        self.rollout_file = rollout_file
        self.actor_id = actor_id
        self.queue = queue
        self.trajectory = trajectory
        self.episodes = episodes

    def run(self, sess, coord):
        rollouts = np.load(self.rollout_file)
        try:
            for ep in range(self.episodes):
                if coord.should_stop():
                    break
                self.queue.append_to_queue(sess, rollouts['state'][ep], rollouts['reward'][ep],
                                           rollouts['done'][ep], rollouts['action'][ep])
        except Exception as exc:
            coord.request_stop(exc)


def write_rollouts(path, actor_id, trajectory, episodes):
    rng = np.random.RandomState(350 + actor_id)
    np.savez(path,
             state=rng.randint(0, 255, size=(episodes, trajectory, 2, 2)).astype(np.uint8),
             reward=np.round(rng.rand(episodes, trajectory), 2).astype(np.float32),
             done=np.tile(np.arange(trajectory) == trajectory - 1, (episodes, 1)),
             action=(np.arange(trajectory)[None, :] + actor_id * 10
                     + 100 * np.arange(episodes)[:, None]).astype(np.int32))
