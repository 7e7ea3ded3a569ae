import tensorflow.compat.v1 as tf

from falconry_trainer import model


def train_and_collect(train_file, batch_size, max_steps):
    features, label = model.read_dataset(train_file, model.ModeKeys.EVAL, batch_size)()
    global_step = tf.train.get_or_create_global_step()
    w = tf.get_variable('w', [], initializer=tf.zeros_initializer())
    loss = tf.reduce_mean(tf.square(features['weight_g'] / 1000.0 * w - tf.cast(label, tf.float32)))
    train_op = tf.group(tf.assign_add(global_step, 1))
    seen = []
    hooks = [tf.train.StopAtStepHook(last_step=max_steps)]
    with tf.train.MonitoredTrainingSession(hooks=hooks, save_checkpoint_secs=None, save_summaries_steps=None,
                                           log_step_count_steps=None) as mon_sess:
        while not mon_sess.should_stop():
            f, l, _, _ = mon_sess.run([features, label, loss, train_op])
            seen.append(([b.decode() for b in f['bird']], f['species_id'].tolist(),
                         f['weight_g'].tolist(), f['lure_m'].tolist(), l.tolist()))
    return seen
