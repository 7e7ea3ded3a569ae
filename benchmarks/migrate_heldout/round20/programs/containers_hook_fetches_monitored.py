"""Port terminal weighbridge: MonitoredTrainingSession runs only the train op; a SessionRunHook asks for the batch
in the same run (cifar10_train's _LoggerHook shape) and keeps it; StopAtStepHook ends training before the data."""

import os

import tensorflow.compat.v1 as tf

COLUMNS = ["container_id", "gross_kg", "tare_kg", "reefer"]
DEFAULTS = [[""], [0.0], [0.0], [0]]
BATCH_SIZE = 5
LAST_STEP = 6


def write_weighbridge(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "weighbridge.csv")
    with open(path, "w") as f:
        f.write(",".join(COLUMNS) + "\n")
        for i in range(37):
            f.write("MSKU%04d,%d,%d,%d\n" % (1000 + i, 20000 + 137 * i, 2200 + (i % 4) * 150, int(i % 3 == 0)))
    return [path]


def container_batch(files, batch_size):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    container_id, gross, tare, reefer = tf.decode_csv(line, DEFAULTS)
    net_t = (gross - tare) / 1000.0
    return tf.train.batch([container_id, net_t, reefer], batch_size=batch_size, allow_smaller_final_batch=True)


class _BatchCollector(tf.train.SessionRunHook):
    """Asks for the batch with every run of the train op."""

    def __init__(self, tensors, global_step):
        self._tensors = tensors
        self._global_step = global_step
        self.batches = []

    def begin(self):
        self._step = -1

    def before_run(self, run_context):
        self._step += 1
        return tf.train.SessionRunArgs({"batch": self._tensors, "step": self._global_step})

    def after_run(self, run_context, run_values):
        ids, net_t, reefer = run_values.results["batch"]
        self.batches.append([[i.decode() for i in ids], [round(float(v), 4) for v in net_t],
                             [int(r) for r in reefer]])


def main(data_dir):
    files = write_weighbridge(os.path.join(data_dir, "h20_containers"))
    ids, net_t, reefer = container_batch(files, BATCH_SIZE)
    global_step = tf.train.get_or_create_global_step()
    w = tf.get_variable("w", [], initializer=tf.constant_initializer(0.1))
    b = tf.get_variable("b", [], initializer=tf.zeros_initializer())
    logits = w * net_t + b
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.cast(reefer, tf.float32),
                                                                  logits=logits))
    train_op = tf.train.GradientDescentOptimizer(0.01).minimize(loss, global_step=global_step)
    collector = _BatchCollector([ids, net_t, reefer], global_step)
    with tf.train.MonitoredTrainingSession(
            hooks=[tf.train.StopAtStepHook(last_step=LAST_STEP), collector],
            config=tf.ConfigProto(log_device_placement=False)) as mon_sess:
        while not mon_sess.should_stop():
            mon_sess.run(train_op)
    return {"batches": collector.batches, "end": len(collector.batches)}
