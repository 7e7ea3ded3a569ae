# Marathon 10 km split times pushed by a stoppable enqueue thread (ischlag/tensorflow-input-pipelines
# issue #1), batched by tf.train.batch from the queue's dequeue, five training steps.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from marathon62_lib import results
from marathon62_lib.pipeline import SplitPipeline

NUM_STEPS = 5


def main(data_dir):
    folder = os.path.join(data_dir, "h62_marathon")
    os.makedirs(folder, exist_ok=True)
    splits, runners = results.read_results(results.write_results(folder))

    pipe = SplitPipeline(splits, runners, batch_size=4)
    total_time = tf.reduce_sum(pipe.split_batch, axis=1)

    sess = tf.Session()
    coord = tf.train.Coordinator()
    pipe.start(sess)
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    for i in range(NUM_STEPS):
        s, r, t = sess.run([pipe.split_batch, pipe.runner_batch, total_time])
        batches.append([np.round(s, 1).tolist(), [x.decode() for x in r], np.round(t, 1).tolist()])
    pipe.stop(sess)  # stop the thread first, then close
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": {"steps": NUM_STEPS}}
