class _Flags(object):
    """Stand-in for tf.app.flags.FLAGS so the input code can be imported by tests."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


FLAGS = _Flags(
    # core
    batch_size=4,
    use_fp16=False,
    # input
    input_size=6,
    label_size=3,
    num_examples_per_epoch_for_train=24,
    # train
    max_steps=100,
    log_device_placement=False,
    # directory
    data_dir='/tmp/pcb_solder_data',
    train_dir='/tmp/pcb_solder_train',
)
