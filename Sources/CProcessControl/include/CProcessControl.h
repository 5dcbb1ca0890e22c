// Linux process control Swift cannot call directly: prctl(2) is variadic.
#ifndef FAULTLINE_CPROCESSCONTROL_H
#define FAULTLINE_CPROCESSCONTROL_H

/// Asks the kernel to send `signal` to this process when its parent thread exits
/// (prctl PR_SET_PDEATHSIG). Returns 0, or -1 with errno set.
int faultline_set_parent_death_signal(int signal);

#endif
