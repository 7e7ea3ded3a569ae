"""Two filename producers switched by an is_training placeholder through a tf.cond index (QueueBase.from_list), read by
model(q): dequeue_many + map_fn(read_file) + decode_csv."""

import os

import tensorflow as tf

# DATA
train_items = ["train_file_{}".format(i) for i in range(6)]
valid_items = ["valid_file_{}".format(i) for i in range(3)]

# SETTINGS
batch_size = 3
batches_per_epoch = 2
epochs = 2


def model(q):
    names = q.dequeue_many(batch_size)
    bouts = tf.map_fn(tf.io.read_file, names)
    bout_id, fencer_a, fencer_b, score_a, score_b = tf.io.decode_csv(
        bouts, record_defaults=[[0], [""], [""], [0], [0]])
    return bout_id, fencer_a, fencer_b, score_a - score_b


def main(data_dir):
    out = os.path.join(data_dir, "fixS_bout_scores")
    if not os.path.exists(out):
        os.makedirs(out)
    fencers = ["Aldo", "Berta", "Cleo", "Dmitri", "Elin", "Faro", "Gus", "Hana", "Ivo"]
    for k, name in enumerate(train_items + valid_items):
        with open(os.path.join(out, name), "w") as f:
            f.write("%d,%s,%s,%d,%d" % (k, fencers[k], fencers[(k + 4) % 9], 15, (k * 7) % 15))

    # ------------------------------------------------
    #                                            GRAPH
    # ------------------------------------------------
    # TRAIN QUEUE
    train_q = tf.compat.v1.train.string_input_producer(
        [os.path.join(out, i) for i in train_items], shuffle=False)

    # VALID/TEST QUEUE
    test_q = tf.compat.v1.train.string_input_producer(
        [os.path.join(out, i) for i in valid_items], shuffle=False)

    # SELECT QUEUE
    is_training = tf.compat.v1.placeholder(tf.bool, shape=None, name="is_training")
    q_selector = tf.cond(is_training,
                         lambda: tf.constant(0),
                         lambda: tf.constant(1))

    # select_q = tf.placeholder(tf.int32, [])
    q = tf.compat.v1.QueueBase.from_list(q_selector, [train_q, test_q])

    bout_id, fencer_a, fencer_b, margin = model(q)

    # ------------------------------------------------
    #                                          SESSION
    # ------------------------------------------------
    batches = []
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord, sess=sess)

        for epoch in range(epochs):
            for i in range(batches_per_epoch):
                ids, a, b, m = sess.run([bout_id, fencer_a, fencer_b, margin],
                                        feed_dict={is_training: True})
                batches.append(["train", ids.tolist(), [x.decode() for x in a],
                                [x.decode() for x in b], m.tolist()])
            ids, a, b, m = sess.run([bout_id, fencer_a, fencer_b, margin],
                                    feed_dict={is_training: False})
            batches.append(["valid", ids.tolist(), [x.decode() for x in a],
                            [x.decode() for x in b], m.tolist()])

        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "bouts: %d" % sum(len(b[1]) for b in batches)}
