# Held-out round 71: igloo photographs described by attribute and relation triples ("block / on / block"),
# fed to a relation model by a research repository's ``CustomRunner`` (``igloo71_vqa.custom_runner``: placeholders
# without a batch dimension, a FIFOQueue for training, a Python generator over ``.npz`` batches of object arrays,
# one daemon feeding thread started by ``start_threads``, ``dequeue_many`` in ``get_inputs``). The training script
# starts the (empty) queue-runner collection and the feeder, then runs a fixed number of steps.
# Writer changes: tiny seeded ``.npz`` files; one pass over the data (see the helper); steps = one epoch; the
# feeding thread is joined before the session closes.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from igloo71_vqa.custom_runner import CustomRunner

IMAGE_FEAT_DIM = [2, 3]
VOCAB_SIZE = 5
SEQ_LEN = 3
BATCH_SIZE = 4


def _write_batches(batch_path):
    train_path = os.path.join(batch_path, "train")
    os.makedirs(train_path, exist_ok=True)
    rng = np.random.RandomState(71)
    for b in range(2):
        items = []
        for img in range(2):
            items.append(np.round(rng.uniform(0, 1, size=IMAGE_FEAT_DIM), 3).astype(np.float32))
            items.append(rng.randint(0, VOCAB_SIZE, size=(1, SEQ_LEN)))   # attributes
            items.append(rng.randint(0, VOCAB_SIZE, size=(2, SEQ_LEN)))   # relations
        arr = np.empty(len(items), dtype=object)
        for k, item in enumerate(items):
            arr[k] = item
        np.savez(os.path.join(train_path, "batch_%d.npz" % b), arr)


def main(data_dir):
    batch_path = os.path.join(data_dir, "h71_igloo")
    _write_batches(batch_path)

    custom_runner = CustomRunner(IMAGE_FEAT_DIM, VOCAB_SIZE, SEQ_LEN, BATCH_SIZE, batch_path,
                                 dataset_relations_only=False)
    ims, triples, flags = custom_runner.get_inputs()

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())

    # start the tensorflow QueueRunner's
    tf.train.start_queue_runners(sess=sess)
    # start our custom queue runner's threads
    threads = custom_runner.start_threads(sess)

    batches = []
    num_steps = 12 // BATCH_SIZE
    for step in range(num_steps):
        im_v, trip_v, flag_v = sess.run([ims, triples, flags])
        batches.append([np.round(im_v, 3).tolist(), trip_v.tolist(), flag_v.tolist()])
        print("step %d, queue size %d" % (step, sess.run(custom_runner.queue_size_op)))
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "triples: %d" % sum(len(b[2]) for b in batches)}
