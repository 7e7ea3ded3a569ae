"""Sonar contacts from a wreck survey: a training queue and a validation queue in the same graph; the validation
batch is evaluated inside the training loop every few steps (the way the asker's template did it)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

# "flags"
BATCH_SIZE = 3
VALIDATE_BATCH_SIZE = 3
EPOCH_NUMBER = 1
THREAD_NUMBER = 1
CAPACITY = 30
STEPS_TO_VALIDATE = 2
FEATURE_SIZE = 3
LABEL_SIZE = 2


def read_and_decode(filename_queue):
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    depth, length, bearing, label = tf.decode_csv(value, record_defaults=[[0.0], [0.0], [0.0], [0]])
    features = tf.stack([depth, length, bearing])
    return label, features


def inference(inputs):
    weights = tf.get_variable("weights", [FEATURE_SIZE, LABEL_SIZE], initializer=tf.zeros_initializer())
    bias = tf.get_variable("bias", [LABEL_SIZE], initializer=tf.zeros_initializer())
    return tf.matmul(inputs, weights) + bias


def _write(path, rows):
    with open(path, "w") as f:
        for r in rows:
            f.write("%.2f,%.2f,%.1f,%d\n" % tuple(r))


def main(data_dir):
    folder = os.path.join(data_dir, "h53_shipwreck_sonar_contacts_train_and_validation_queues_one_graph_eval_in_loop")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(5301)
    train_rows = [(rng.uniform(8, 60), rng.uniform(2, 90), rng.randint(0, 360), i % 2) for i in range(12)]
    valid_rows = [(rng.uniform(8, 60), rng.uniform(2, 90), rng.randint(0, 360), (i + 1) % 2) for i in range(6)]
    _write(os.path.join(folder, "contacts_train.csv"), train_rows)
    _write(os.path.join(folder, "contacts_validate.csv"), valid_rows)

    # Read the train file
    filename_queue = tf.train.string_input_producer(
        tf.gfile.Glob(os.path.join(folder, "contacts_train*.csv")),
        num_epochs=EPOCH_NUMBER, shuffle=False)
    label, features = read_and_decode(filename_queue)
    batch_labels, batch_features = tf.train.batch(
        [label, features], batch_size=BATCH_SIZE, num_threads=THREAD_NUMBER, capacity=CAPACITY)

    # Read the validate file (no epoch limit, it is only sampled)
    validate_filename_queue = tf.train.string_input_producer(
        tf.gfile.Glob(os.path.join(folder, "contacts_validate*.csv")), shuffle=False)
    validate_label, validate_features = read_and_decode(validate_filename_queue)
    validate_batch_labels, validate_batch_features = tf.train.batch(
        [validate_label, validate_features], batch_size=VALIDATE_BATCH_SIZE,
        num_threads=THREAD_NUMBER, capacity=CAPACITY)

    with tf.variable_scope("model") as scope:
        logits = inference(batch_features)
        scope.reuse_variables()
        validate_logits = inference(validate_batch_features)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(logits=logits, labels=batch_labels))
    train_op = tf.train.GradientDescentOptimizer(0.001).minimize(loss)
    correct = tf.equal(tf.cast(tf.argmax(validate_logits, 1), tf.int32), validate_batch_labels)
    accuracy = tf.reduce_mean(tf.cast(correct, tf.float32))

    init_op = tf.global_variables_initializer()
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord, sess=sess)
        step = 0
        try:
            while not coord.should_stop():
                _, loss_value, step_labels, step_features = sess.run(
                    [train_op, loss, batch_labels, batch_features])
                batches.append([step_features.tolist(), step_labels.tolist()])
                if step % STEPS_TO_VALIDATE == 0:
                    acc, v_labels, v_features = sess.run(
                        [accuracy, validate_batch_labels, validate_batch_features])
                    print("Step %d, loss %f, validate accuracy %f" % (step, loss_value, acc))
                    batches.append([v_features.tolist(), v_labels.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print("Done training after reading all data")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "train steps: %d" % step}
